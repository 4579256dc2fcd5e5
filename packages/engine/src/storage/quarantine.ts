import { exportedChunk } from './chunk-codec.js';
import type { QuarantineRecord } from './records.js';

// Stored data that cannot be restored is never deleted: it is kept aside, unchanged, with the reason,
// for `GET /_sandbank/storage/quarantine` to export, and the sandbox starts again from its seed.

/** What the console is told when stored data is kept aside. */
export function quarantineNotice(reason: string): string {
  return (
    `[sandbank] the stored sandbox state cannot be restored: ${reason}. It was kept aside ` +
    '(GET /_sandbank/storage/quarantine exports it) and the sandbox starts again from its seed.'
  );
}

/** The records as they were found, with why they could not be restored. */
export function quarantineRecord(
  reason: string,
  found: { snapshot: unknown; log: unknown[]; chunks: unknown[] },
  at: Date,
): QuarantineRecord {
  return { at: at.toISOString(), reason, snapshot: found.snapshot, log: found.log, chunks: found.chunks };
}

/** Quarantined records as they are exported, as JSON: each chunk's bytes as its text. */
export function exportQuarantined(kept: QuarantineRecord[]): QuarantineRecord[] {
  return kept.map((record) =>
    record.chunks === undefined ? record : { ...record, chunks: record.chunks.map(exportedChunk) },
  );
}
