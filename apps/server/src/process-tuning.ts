// How the server process runs V8. Imported first by server.ts, so it applies before the app's code is loaded; the
// app built inside tests and scripts keeps V8's defaults.
import { setFlagsFromString } from 'node:v8';

/**
 * No allocation-site pretenuring. V8 watches where objects are allocated, and a place whose objects all survived
 * a few young-generation collections gets its objects allocated in the old generation from then on. While the
 * server starts, almost everything it allocates survives, so some of the places the request path shares with
 * startup are judged long-lived, depending on when collections happened to run. A request's objects made there
 * are then born old, and everything young they point to survives each young collection with them, until a full
 * collection finds them dead: on a health check, twice the CPU per request, in about half the processes started
 * (three times the collections, a heap of 140–280 MB instead of 65–80). Requests allocate nothing that lives
 * long, so nothing is lost by collecting all of it young.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
