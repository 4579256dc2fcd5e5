import { keyedFrom } from '@sandbank/engine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { activityState, fixturePayments } from '../fixtures/activity.js';
import { BasketList } from './BasketList.js';

const state = activityState();
const { 'enc!!pay-pending==': _gone, ...withoutPending } = fixturePayments;

const meta = { component: BasketList, args: { state } } satisfies Meta<typeof BasketList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** RCVD, then PATC once one payment was authorised, then ACTC (part 3 rule 1). */
export const Authorised: Story = {};
/** A payment the bank no longer knows makes the basket RJCT. */
export const PaymentGone: Story = { args: { state: { ...state, payments: keyedFrom(withoutPending) } } };
export const None: Story = { args: { state: { ...state, signingBaskets: keyedFrom({}) } } };
