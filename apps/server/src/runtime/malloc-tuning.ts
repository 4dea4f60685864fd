/**
 * glibc's allocator, tuned for a long-lived server whose threads come and go (ADR 029):
 * - one malloc arena for the process (`MALLOC_ARENA_MAX=1`): glibc gives each thread that allocates
 *   its own arena, up to eight per core, and seldom returns their free space. The ingestion workers,
 *   threads that end after 30 s idle, left 200–280 MiB of it behind after the first start's indexing;
 * - blocks of 32 KiB and more always mapped on their own (`MALLOC_MMAP_THRESHOLD_=32768`), so they
 *   go back to the system when freed. Without it glibc raises the threshold after the first large
 *   free, and the scratch blocks of starting PGlite, compiling its WebAssembly and the workers'
 *   indexing stay in the heap, pinned by whatever small block lands above them. At 128 KiB (until
 *   session 14) the blocks of 32–40 KiB still did that: 450–460 MiB once settled, of which
 *   `malloc_trim` could have given back 225 MiB.
 * Measured on a first start with the starter knowledge base: 630–660 MiB once settled with neither,
 * about 260–300 MiB with both (docs/performance.md, "Memory"). The list, the answers and PDF
 * extraction cost the same within the bench's noise.
 *
 * glibc reads these only when a process starts, so the entry point executes itself again, once, with
 * them set: same process id, arguments and open files, before anything else is loaded. Values the
 * operator set are kept; other systems and C libraries ignore them.
 */
const tuning: Record<string, string> = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '32768' };
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
