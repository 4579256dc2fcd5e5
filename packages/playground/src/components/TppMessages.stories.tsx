import type { Meta, StoryObj } from '@storybook/react-vite';
import { TppMessages } from './TppMessages.js';

const meta = { component: TppMessages } satisfies Meta<typeof TppMessages>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorsWithPaths: Story = {
  args: {
    messages: [
      {
        category: 'ERROR',
        code: 'FORMAT_ERROR',
        path: 'creditorAccount.bban',
        text: 'bban must be 11 digits',
      },
      {
        category: 'ERROR',
        code: 'HTTP_HEADER_REQUIRED',
        path: 'X-Request-ID',
        text: 'header X-Request-ID is required',
      },
    ],
  },
};

export const Warning: Story = {
  args: {
    messages: [
      {
        category: 'WARNING',
        code: 'FORBIDDEN',
        path: 'TPP-Signature-Certificate',
        text: 'the certificate lacks the PSD2 role PSP_AI; the production profile refuses this request with 403 FORBIDDEN',
      },
    ],
  },
};
