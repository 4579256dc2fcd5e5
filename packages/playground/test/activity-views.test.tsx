// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import './support/dom.js';
import { ActivityView } from '../src/components/ActivityView.js';
import { activityState } from '../src/fixtures/activity.js';
import { FIXTURE_NOW } from '../src/fixtures/state.js';

// The consents & payments view, drawn from the engine's own types with the engine's rules.

describe('the consents & payments view', () => {
  it('shows each consent and session as it stands on the bank clock', () => {
    render(<ActivityView state={activityState()} fixedNow={FIXTURE_NOW} />);
    const consents = within(screen.getByRole('region', { name: 'Consents' }));
    expect(consents.getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Consent'),
      expect.stringMatching(/consent-active.*valid/),
      expect.stringMatching(/consent-revoked.*revoked/),
      expect.stringMatching(/consent-expired.*SCA expired/),
    ]);
    const sessions = within(screen.getByRole('region', { name: 'Sessions' }));
    expect(
      sessions.getAllByRole('row').map((row) => row.textContent?.match(/live|replaced|expired/)?.[0]),
    ).toEqual([undefined, 'live', 'replaced', 'expired']);
  });

  it('shows payments with what the lifecycle allows next, and a basket’s worst-case status over time', () => {
    render(<ActivityView state={activityState()} fixedNow={FIXTURE_NOW} />);
    const pending = screen.getByRole('article', { name: 'Payment enc!!pay-pending==' });
    expect(pending.textContent).toContain('Can become ACCP (payment lifecycle).');
    expect(screen.getByRole('article', { name: 'Payment enc!!pay-settled==' }).textContent).toContain(
      'Final status.',
    );
    const basket = screen.getByRole('article', { name: 'Basket enc!!basket-1==' });
    const timeline = within(basket).getByRole('list', { name: /Status history of basket/ });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.slice(0, 4)),
    ).toEqual(['RCVD', 'PATC', 'ACTC']);
  });
});
