/**
 * Secrets that travel in URLs (magic links, pay-later links) must not reach the request log
 *. Query parameters with these names and the token segment of the
 * pay-later API are replaced before a URL is logged.
 */
const SECRET_QUERY_PARAMS = ['magic_token', 'later', 'token', 'session_secret'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');
const SECRET_PATHS = [/^(\/api\/guest\/pay-later-links\/)[^/?#]+/];

export function redactUrl(url: string): string {
  let result = url.replace(SECRET_QUERY, '$1[redacted]');
  for (const pattern of SECRET_PATHS) result = result.replace(pattern, '$1[redacted]');
  return result;
}
