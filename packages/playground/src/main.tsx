import { completeScaCallback } from '@sandbank/service-worker/docs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectBank } from './bank/connect.js';
import { App } from './components/App.js';
import './styles.css';

// The Docs tab's SCA popup, back from the bank: it hands the psu-id to the Docs tab and closes.
if (completeScaCallback()) await new Promise<never>(() => undefined);

const element = document.getElementById('root');
if (element === null) throw new Error('index.html needs <div id="root">');
const root = createRoot(element);
try {
  const { connection, transport } = await connectBank();
  root.render(
    <StrictMode>
      <App connection={connection} transport={transport} />
    </StrictMode>,
  );
} catch (error) {
  // A page that cannot reach the bank says why instead of staying blank.
  root.render(
    <main className="app-main">
      <h1>Sandbank playground</h1>
      <p role="alert">
        The bank could not be started: {error instanceof Error ? error.message : String(error)}
      </p>
    </main>,
  );
}
