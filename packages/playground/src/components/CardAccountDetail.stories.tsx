import { keyedFrom, type State } from '@sandbank/engine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fixtureCardAccount, withCardTransactions } from '../fixtures/state.js';
import { CardAccountDetail } from './CardAccountDetail.js';

const withTransactions = withCardTransactions({
  cardAccounts: keyedFrom({ [fixtureCardAccount.id]: fixtureCardAccount }),
  cardTransactions: {} as State['cardTransactions'],
});

const meta = { component: CardAccountDetail, args: { card: fixtureCardAccount } } satisfies Meta<
  typeof CardAccountDetail
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithTransactions: Story = {
  args: { transactions: withTransactions.cardTransactions[fixtureCardAccount.id] },
};
export const NoTransactions: Story = { args: { transactions: [] } };
