/** The library's version; the worker script reports its own so a stale copy is detected. */
export const VERSION = '0.1.0';
