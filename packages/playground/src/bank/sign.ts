/** Signs a request with the playground's test identity; wired to `@sandbank/engine/tpp` by `setSigner`. */
export type Signer = (request: Request) => Promise<Request>;

let signer: Signer | null = null;

/** Installs the signer (the TPP kit's `signRequest` bound to a generated identity). */
export function setSigner(next: Signer | null): void {
  signer = next;
}

export function signingAvailable(): boolean {
  return signer !== null;
}

/** Signs the request when a signer is installed; otherwise sends it as it is (the engine does not yet verify). */
export async function signIfAvailable(request: Request): Promise<Request> {
  return signer === null ? request : signer(request);
}
