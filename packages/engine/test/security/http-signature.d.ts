// The part of the http-signature package (Joyent's draft-cavage signer) the interop test uses.
declare module 'http-signature' {
  interface SignableRequest {
    method: string;
    path: string;
    getHeader(name: string): string | undefined;
    setHeader(name: string, value: string): void;
  }
  interface SignOptions {
    keyId: string;
    key: string;
    algorithm?: string;
    headers?: string[];
    authorizationHeaderName?: string;
  }
  const httpSignature: { signRequest(request: SignableRequest, options: SignOptions): boolean };
  export default httpSignature;
}
