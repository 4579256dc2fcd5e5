import { describe, expect, test, vi } from 'vitest';
import { openStore } from '../src/storage/index.js';

describe('the durable store without IndexedDB', () => {
  test('falls back to memory with a clear error instead of failing to start', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = await openStore();
    expect(store.restored).toBeNull();
    expect(store.report).toMatchObject({ durable: false, restored: 'fresh' });
    expect(store.report.problem).toContain('memory only');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('cannot be opened'));
    await expect(store.append([], {} as never)).resolves.toBe(1);
    await expect(store.append([], {} as never)).resolves.toBe(2);
    error.mockRestore();
  });
});
