/**
 * Build-time check (vite.config.ts), not part of either app. An entry chunk runs its app when it is
 * evaluated (the back office's mounts itself on #root), so a chunk that another page loads must never
 * import it: when a chunk group put the storefront's captcha with the back office's sign-in modules,
 * the storefront's login page loaded the back office's entry, which mounted a second app on the
 * storefront's #root, and the two re-rendered the fields endlessly.
 */

/** What the check reads of the build's output (Rolldown's OutputChunk and OutputAsset). */
export type BuiltFile = { type: 'chunk'; isEntry: boolean; imports: string[]; dynamicImports: string[] } | { type: 'asset' };

/**
 * Every way one entry's page reaches another entry's chunk through its static or lazy imports, as
 * the chain of files ('index.js → login.js → sign-in.js → backoffice.js'); none in a sound build.
 */
export function entryCrossings(bundle: Record<string, BuiltFile>): string[] {
  const entries = Object.keys(bundle).filter((name) => {
    const file = bundle[name];
    return file?.type === 'chunk' && file.isEntry;
  });
  const crossings: string[] = [];
  for (const entry of entries) {
    // Breadth first from the entry, remembering how each file was reached.
    const via = new Map<string, string | null>([[entry, null]]);
    const queue = [entry];
    while (queue.length > 0) {
      const name = queue.shift() as string;
      const file = bundle[name];
      if (file?.type !== 'chunk') continue;
      for (const next of [...file.imports, ...file.dynamicImports]) {
        if (via.has(next)) continue;
        via.set(next, name);
        const reached = bundle[next];
        if (reached?.type === 'chunk' && reached.isEntry) {
          const chain = [next];
          for (let at = via.get(next); at; at = via.get(at)) chain.unshift(at);
          crossings.push(chain.join(' → '));
        } else queue.push(next);
      }
    }
  }
  return crossings;
}
