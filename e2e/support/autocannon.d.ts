// The part of autocannon's programmatic API the load test uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    timeout?: number;
    requests?: Array<{ method?: string; path: string; headers?: Record<string, string> }>;
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    statusCodeStats?: Record<string, { count: number }>;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
