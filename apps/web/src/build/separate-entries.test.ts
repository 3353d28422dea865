import { describe, expect, it } from 'vitest';
import { type BuiltFile, entryCrossings } from './separate-entries';

const chunk = (imports: string[], dynamicImports: string[] = [], isEntry = false): BuiltFile => ({ type: 'chunk', isEntry, imports, dynamicImports });

describe('entryCrossings: no page loads the other app', () => {
  it("finds the storefront's login reaching the back office's entry through a shared sign-in chunk", () => {
    // The shape of the reverted chunk grouping (0363232): the storefront's login page imports the
    // captcha, grouped into the sign-in chunk, which imports the back office's entry.
    const bundle = {
      'index.js': chunk(['react.js'], ['login-page.js'], true),
      'login-page.js': chunk(['react.js', 'sign-in.js']),
      'sign-in.js': chunk(['react.js', 'backoffice.js']),
      'backoffice.js': chunk(['react.js', 'sign-in.js'], ['users-page.js'], true),
      'users-page.js': chunk(['backoffice.js', 'sign-in.js']),
      'react.js': chunk([]),
      'theme.css': { type: 'asset' } as const,
    };
    expect(entryCrossings(bundle)).toEqual(['index.js → login-page.js → sign-in.js → backoffice.js']);
  });

  it("lets an entry's own lazy pages import it, and two entries share plain chunks", () => {
    const bundle = {
      'index.js': chunk(['react.js', 'api.js'], ['login-page.js'], true),
      'login-page.js': chunk(['react.js', 'captcha.js']),
      'captcha.js': chunk(['react.js']),
      'sign-in.js': chunk(['react.js', 'captcha.js', 'backoffice.js']),
      'backoffice.js': chunk(['react.js', 'api.js'], ['sign-in.js', 'users-page.js'], true),
      'users-page.js': chunk(['backoffice.js']),
      'api.js': chunk([]),
      'react.js': chunk([]),
    };
    expect(entryCrossings(bundle)).toEqual([]);
  });
});
