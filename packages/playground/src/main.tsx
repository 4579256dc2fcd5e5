import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectBank } from './bank/connect.js';
import { App } from './components/App.js';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html needs <div id="root">');
const connection = await connectBank();
createRoot(root).render(
  <StrictMode>
    <App connection={connection} />
  </StrictMode>,
);
