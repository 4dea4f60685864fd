import v8 from 'node:v8';

/**
 * V8's allocation-site pretenuring off for the server process (ADR 029, amendment of session 15).
 * V8 sends the objects of an allocation site straight to the old generation once it has seen most of
 * them survive. While a first start indexes the starter knowledge base, requests wait behind that
 * work, so the sites of Node's HTTP objects (request, response, headers) were judged long-lived and
 * stayed so: every later request's objects then filled the old generation, with a full collection
 * every 1.4 s under load. A first-started server answered the signed-in list at 25–26k req/s, p99
 * 13–14 ms; restarted, or with this flag, 31–33k req/s, p99 3–5 ms (docs/performance.md,
 * "Session 15"). Set before any request is served; V8 reads it at each collection.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
