/**
 * Web search behind one small interface (DESIGN §2). The adapter here speaks the SearXNG JSON API
 * (`WEB_SEARCH_URL`, e.g. http://localhost:8888/search); without it web search is off.
 */

export interface WebResult {
  title: string;
  url: string;
  content: string;
}

export interface WebSearch {
  search(query: string, options: { language?: string; limit?: number; signal?: AbortSignal }): Promise<WebResult[]>;
}

interface SearxngResponse {
  results?: { title?: unknown; url?: unknown; content?: unknown }[];
}

export function createSearxngSearch(baseUrl: string, { timeoutMs = 8_000 }: { timeoutMs?: number } = {}): WebSearch {
  return {
    async search(query, { language, limit = 5, signal }) {
      const url = new URL(baseUrl);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      if (language) url.searchParams.set('language', language);
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`Web search answered ${response.status}`);
      const body = (await response.json()) as SearxngResponse;
      return (body.results ?? [])
        .filter(
          (result): result is { title: string; url: string; content?: unknown } =>
            typeof result.title === 'string' && typeof result.url === 'string' && /^https?:\/\//.test(result.url),
        )
        .slice(0, limit)
        .map((result) => ({
          title: result.title.slice(0, 300),
          url: result.url,
          content: typeof result.content === 'string' ? result.content.slice(0, 2_000) : '',
        }));
    },
  };
}
