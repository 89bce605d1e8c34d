/**
 * The PDF library, loaded when a document is first signed, verified or drawn, not at start:
 * @libpdf/core (with its own dependencies) is several MB of heap that an idle server does not
 * need (docs/decisions/0023, "Memory at rest: lazy libraries"). Each asynchronous entry point of
 * platform/signing awaits `loadLibpdf()` first; the code behind it then reads the loaded module
 * through `libpdf`, which throws if nothing loaded it yet. (opentype.js is loaded the same way by
 * evidence-report.ts, its only user.)
 */
type Libpdf = typeof import('@libpdf/core');

let libpdfModule: Libpdf | undefined;

export async function loadLibpdf(): Promise<Libpdf> {
  libpdfModule ??= await import('@libpdf/core');
  return libpdfModule;
}

/** A stand-in for a module namespace that is loaded later: reads go to the loaded module. */
export function loaded<T extends object>(name: string, module: () => T | undefined, loader: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = module();
      if (!target) throw new Error(`${name} used before ${loader}() loaded it`);
      return Reflect.get(target, key);
    },
  });
}

/** @libpdf/core, once `loadLibpdf()` has loaded it. */
export const libpdf: Libpdf = loaded('@libpdf/core', () => libpdfModule, 'loadLibpdf');
