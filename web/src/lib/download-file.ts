import { API_PREFIX } from '#contract';
import { ApiError } from './api-client.ts';
import { getAuthToken } from './auth-token.ts';

/**
 * A file the API answers (a PDF, a ZIP, a CSV), not the JSON envelope: it is
 * fetched with the bearer token and handed to the browser as a download
 * named `fileName`. Throws an ApiError with the server's message when refused.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = getAuthToken();
  const response = await fetch(`${API_PREFIX}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, 'We could not reach the shop. Check your connection and try again.');
  });
  if (!response.ok) {
    const failure: unknown = await response.json().catch(() => undefined);
    const message =
      typeof failure === 'object' && failure !== null && 'message' in failure
        ? String(failure.message)
        : 'The file could not be downloaded.';
    throw new ApiError(response.status, message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
