/**
 * glibc's allocator, tuned for a long-lived server whose threads come and go (ADR 029):
 * - one malloc arena for the process (`MALLOC_ARENA_MAX=1`): glibc gives each thread that allocates
 *   its own arena, up to eight per core, and seldom returns their free space. The ingestion workers,
 *   threads that end after 30 s idle, left 200–280 MiB of it behind after the first start's indexing;
 * - blocks of 128 KiB and more always mapped on their own (`MALLOC_MMAP_THRESHOLD_=131072`), so they
 *   go back to the system when freed. Without it glibc raises the threshold after the first large
 *   free, and the large scratch blocks of starting PGlite and compiling its WebAssembly stay in the
 *   heap, pinned by whatever small block lands above them.
 * Measured on a first start with the starter knowledge base: 630–660 MiB once settled before, about
 * 300–390 MiB with both (docs/performance.md, "Memory").
 *
 * glibc reads these only when a process starts, so the entry point executes itself again, once, with
 * them set: same process id, arguments and open files, before anything else is loaded. Values the
 * operator set are kept; other systems and C libraries ignore them.
 */
const tuning: Record<string, string> = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '131072' };
const missing = Object.entries(tuning).filter(([name]) => process.env[name] === undefined);

if (process.platform === 'linux' && missing.length > 0 && typeof process.execve === 'function') {
  try {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
      ...process.env,
      ...Object.fromEntries(missing),
    });
  } catch {
    // Not allowed here (a sandbox, a missing binary): run on with glibc's defaults.
  }
}
