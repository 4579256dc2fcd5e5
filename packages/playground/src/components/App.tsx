import { useEffect, useState } from 'react';
import type { BankConnection } from '../bank/connection.js';
import { BankContext, useBankState, useRequestLog } from '../bank/hooks.js';
import { ActivityView } from './ActivityView.js';
import { BankView } from './BankView.js';
import { ClockPanel } from './ClockPanel.js';
import { DocsPage } from './DocsPage.js';
import { FaultsPanel } from './FaultsPanel.js';
import { FlowRunner } from './FlowRunner.js';
import { MockDataForms } from './MockDataForms.js';
import { RequestLog } from './RequestLog.js';
import { StatePanel } from './StatePanel.js';
import { TryIt } from './TryIt.js';

export const TABS = [
  { id: 'bank', label: 'Bank' },
  { id: 'activity', label: 'Consents & payments' },
  { id: 'requests', label: 'Requests' },
  { id: 'mock-data', label: 'Mock data' },
  { id: 'try-it', label: 'Try it' },
  { id: 'flows', label: 'TPP flows' },
  { id: 'faults', label: 'Faults' },
  { id: 'state', label: 'State' },
  { id: 'docs', label: 'Docs' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

function tabFromHash(): TabId {
  const hash = typeof location === 'undefined' ? '' : location.hash.replace(/^#\/?/, '');
  return TABS.find((t) => t.id === hash.split('/')[0])?.id ?? 'bank';
}

/** The playground: the bank's state live on the left of every change, and the controls to drive it. */
export function App({
  connection,
  initialTab,
  transport,
}: {
  connection: BankConnection;
  initialTab?: TabId;
  /** Which bank answers (shown in the header): the service worker, an engine in the page, or a hosted bank. */
  transport?: 'service-worker' | 'in-page' | 'hosted';
}) {
  const state = useBankState(connection);
  const log = useRequestLog(connection);
  const [tab, setTab] = useState<TabId>(() => initialTab ?? tabFromHash());
  useEffect(() => {
    const onHash = () => setTab(tabFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const choose = (id: TabId) => {
    setTab(id);
    if (typeof history !== 'undefined') history.replaceState(null, '', `#/${id}`);
  };
  const last = log.entries.at(-1);
  return (
    <BankContext.Provider value={connection}>
      <div className="app">
        <header className="app-header">
          <h1>
            Sandbank <span className="muted">playground</span>
          </h1>
          {transport ? (
            <p className="transport small muted">
              {transport === 'service-worker'
                ? 'service worker: every tab sees it'
                : transport === 'hosted'
                  ? 'hosted bank: everyone with its URL sees it'
                  : 'in-page bank'}
            </p>
          ) : null}
          <p className="last-request mono small">
            {last ? `last: ${last.method} ${last.path} → ${last.status}` : 'no requests yet'}
          </p>
          <ClockPanel offsetMs={state?.clock.offsetMs ?? 0} />
        </header>
        <nav className="tabs" aria-label="Views">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              aria-current={t.id === tab ? 'page' : undefined}
              onClick={() => choose(t.id)}
            >
              {t.label}
              {t.id === 'requests' && log.entries.length > 0 ? (
                <span className="count-badge">{log.entries.length}</span>
              ) : null}
            </button>
          ))}
        </nav>
        <main className="app-main">
          {state === null ? (
            <p className="muted">Connecting to the bank…</p>
          ) : tab === 'bank' ? (
            <BankView state={state} />
          ) : tab === 'activity' ? (
            <ActivityView state={state} />
          ) : tab === 'requests' ? (
            <RequestLog entries={log.entries} onClear={log.clear} />
          ) : tab === 'mock-data' ? (
            <MockDataForms state={state} />
          ) : tab === 'try-it' ? (
            <TryIt state={state} />
          ) : tab === 'flows' ? (
            <FlowRunner state={state} />
          ) : tab === 'faults' ? (
            <FaultsPanel state={state} />
          ) : tab === 'docs' ? (
            <DocsPage transport={transport} />
          ) : (
            <StatePanel state={state} />
          )}
        </main>
      </div>
    </BankContext.Provider>
  );
}
