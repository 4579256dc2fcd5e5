// swagger-ui-dist ships no types; docs.ts states what it uses of the bundle (RendererOptions).
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const SwaggerUIBundle: unknown;
  export default SwaggerUIBundle;
}
