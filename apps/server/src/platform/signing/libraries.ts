/**
 * The PDF and font libraries, loaded when a document is first signed, verified or drawn, not at
 * start: @libpdf/core and opentype.js are several MB of heap that an idle server does not need
 * (docs/decisions/0023, "Memory at rest: lazy libraries"). Each asynchronous entry point of
 * platform/signing awaits `loadLibpdf()` / `loadOpentype()` first; the code behind it then reads
 * the loaded module through `libpdf` / `opentype`, which throw if nothing loaded it yet.
 */
type Libpdf = typeof import('@libpdf/core');
type Opentype = typeof import('opentype.js').default;

let libpdfModule: Libpdf | undefined;
let opentypeModule: Opentype | undefined;

export async function loadLibpdf(): Promise<Libpdf> {
  libpdfModule ??= await import('@libpdf/core');
  return libpdfModule;
}

export async function loadOpentype(): Promise<Opentype> {
  opentypeModule ??= (await import('opentype.js')).default;
  return opentypeModule;
}

/** A stand-in for a module namespace that is loaded later: reads go to the loaded module. */
function loaded<T extends object>(name: string, module: () => T | undefined, loader: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = module();
      if (!target) throw new Error(`${name} used before ${loader}() (platform/signing/libraries.ts)`);
      return Reflect.get(target, key);
    },
  });
}

/** @libpdf/core, once `loadLibpdf()` has loaded it. */
export const libpdf: Libpdf = loaded('@libpdf/core', () => libpdfModule, 'loadLibpdf');
/** opentype.js, once `loadOpentype()` has loaded it. */
export const opentype: Opentype = loaded('opentype.js', () => opentypeModule, 'loadOpentype');
