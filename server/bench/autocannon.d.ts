/** The part of autocannon's API the API benchmark uses. */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
