/**
 * The web app's Content-Security-Policy: one definition for the header the local server
 * sends and the <meta> tag the build writes into dist/index.html for static hosting.
 *
 * No inline script and no eval ('wasm-unsafe-eval' allows compiling WebAssembly only, which
 * hashing and decompression libraries use; it is not JS eval). `connect-src` allows http(s)
 * because `?src=` fetches a log from a URL the user gives. Styles come from the built CSS file
 * only: React sets style props through the CSSOM, which a policy does not restrict. The
 * favicon is a data: image. Kept free of Node imports: vite.config.ts uses it.
 */
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** As an HTTP header: frame-ancestors works only there (a meta tag ignores it). */
export const CONTENT_SECURITY_POLICY = [...DIRECTIVES, "frame-ancestors 'none'"].join('; ');

/** As a <meta http-equiv> tag in index.html. */
export const CONTENT_SECURITY_POLICY_META = DIRECTIVES.join('; ');
