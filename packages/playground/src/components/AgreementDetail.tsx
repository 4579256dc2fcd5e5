import { type Agreement, accountById, type State } from '@sandbank/engine';

/** A corporate agreement: which PSU may do what on which account (part 5.4). */
export function AgreementDetail({
  agreement,
  bank,
}: {
  agreement: Agreement;
  /** The bank the agreement's accounts are read from. */
  bank: Pick<State, 'accounts'>;
}) {
  return (
    <article className="detail" aria-labelledby={`agreement-${agreement.agreementId}`}>
      <header>
        <h2 id={`agreement-${agreement.agreementId}`}>{agreement.name}</h2>
        <p className="muted">
          Owner <span className="mono">{agreement.owner}</span> · id{' '}
          <span className="mono">{agreement.agreementId}</span>
        </p>
      </header>
      <table>
        <thead>
          <tr>
            <th scope="col">PSU</th>
            <th scope="col">Account</th>
            <th scope="col">Roles</th>
          </tr>
        </thead>
        <tbody>
          {agreement.engagements.map((e) => {
            const account = accountById(bank, e.accountId);
            return (
              <tr key={`${e.customer}-${e.accountId}`}>
                <td className="mono">{e.customer}</td>
                <td>
                  {account ? `${account.accountName} ` : ''}
                  <span className="mono">{account?.bban ?? e.accountId}</span>
                </td>
                <td>{e.roles.join(', ')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </article>
  );
}
