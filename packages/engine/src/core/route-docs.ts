import type * as z from 'zod/mini';
import type { ErrorCode } from './errors.js';

/**
 * What the OpenAPI document says about one operation, written from the contract and kept next to
 * the area's routes (`<area>/docs.ts`), keyed by `docsKey(route)`.
 */
export interface RouteDocs {
  /** One line. */
  summary: string;
  /** Markdown: the rules, limits and errors that apply, citing the part of the contract. */
  description: string;
  /**
   * The request body's schema where the route declares none: the payment operations pick theirs by
   * product, and the playground's forms (which cover every route with a `body`) do not build payments.
   */
  requestSchema?: z.ZodMiniType;
  /** The success status when it is not the method's default (POST 201, others 200). */
  status?: number;
  /** Other successful answers than `status`, each with what it means (e.g. a 303 to the TPP). */
  alsoAnswers?: Readonly<Record<number, string>>;
  /** part 4.1 headers required that the operation checks itself (the route's `requiredHeaders` are added anyway). */
  requiredHeaders?: readonly string[];
  /** part 4.1 headers this operation takes optionally (lower case); the required ones come from the route. */
  optionalHeaders?: readonly string[];
  /** Failures beyond those every call of its kind can get (openapi.ts adds those). */
  errors?: readonly ErrorDoc[];
  /** Requests a fresh seeded bank (clock 2026-03-02T10:00:00Z) answers as shown; a test sends each. */
  examples?: Readonly<Record<string, RouteExample>>;
}

export interface ErrorDoc {
  status: number;
  code: ErrorCode;
  when: string;
}

export interface RouteExample {
  summary: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Headers besides X-Request-ID and the signature ones (the sender adds Date, Digest, Signature, certificate). */
  headers?: Record<string, string>;
  body?: unknown;
  status: number;
  /**
   * Whether the document shows the answer (default true): the answers are recorded from the seeded
   * bank into `openapi-answers.json` (`pnpm openapi:examples`); false for one too large to show.
   */
  showAnswer?: boolean;
}

/** `GET /accounts` for the API (path below the base path), `GET /_sandbank/clock` outside it. */
export function docsKey(route: { method: string; path: string; service: string }): string {
  const root = route.service === 'control' || route.service === 'page' ? '/_sandbank' : '';
  return `${route.method} ${root}${route.path}`;
}
