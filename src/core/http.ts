// The HTTP seam: the API client speaks to this interface; UrlFetchApp and Node each implement it.
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** JSON text, for POST. */
  body?: string;
  /** The longest wait for an answer (UrlFetchApp's timeoutSeconds, where honoured). */
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  body: string;
  /** Header names in lower case (e.g. retry-after). May be empty. */
  headers: Record<string, string>;
}

/** Synchronous, as UrlFetchApp is. Throws (any Error) only when no HTTP response arrived at all. */
export interface HttpTransport {
  request(req: HttpRequest): HttpResponse;
  /** Several requests at once (UrlFetchApp.fetchAll), replies in order; throws when any got no answer. */
  requestAll?(reqs: HttpRequest[]): HttpResponse[];
}
