import http from 'node:http';
import { AxiosError, CanceledError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

function fullUrl(config: InternalAxiosRequestConfig): URL {
  const base = config.baseURL ?? '';
  const target = config.url ?? '';
  const url = new URL(/^https?:/.test(target) ? target : `${base.replace(/\/+$/, '')}/${target.replace(/^\/+/, '')}`);
  const params = (config.params ?? {}) as Record<string, string>;
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  return url;
}

/**
 * Sends axios requests with node:http, so that tests in jsdom reach the real server (jsdom's
 * XMLHttpRequest would refuse the cross-origin call). Failures carry the codes the browser
 * adapter uses: ERR_NETWORK, ECONNABORTED on a timeout, ERR_CANCELED on an abort.
 */
export const nodeHttpAdapter: AxiosAdapter = (config) =>
  new Promise<AxiosResponse>((resolve, reject) => {
    const url = fullUrl(config);
    const body = config.data === undefined || config.data === null ? undefined : String(config.data);
    const headers = { ...(config.headers.toJSON() as Record<string, string>) };
    if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
    const request = http.request(url, { method: (config.method ?? 'get').toUpperCase(), headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let data: unknown = text;
        try {
          data = JSON.parse(text);
        } catch {
          /* not JSON: keep the text */
        }
        const result: AxiosResponse = {
          data,
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: response.headers as AxiosResponse['headers'],
          config,
          request,
        };
        const valid = config.validateStatus ? config.validateStatus(result.status) : result.status < 400;
        if (valid) resolve(result);
        else reject(new AxiosError(`Request failed with status code ${result.status}`, AxiosError.ERR_BAD_RESPONSE, config, request, result));
      });
    });
    if (config.timeout) {
      request.setTimeout(config.timeout, () => {
        request.destroy();
        reject(new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config, request));
      });
    }
    const signal = config.signal as AbortSignal | undefined;
    signal?.addEventListener?.('abort', () => {
      request.destroy();
      reject(new CanceledError(undefined, config, request));
    });
    request.on('error', (error) => reject(new AxiosError(error.message || 'Network Error', AxiosError.ERR_NETWORK, config, request)));
    if (body !== undefined) request.write(body);
    request.end();
  });
