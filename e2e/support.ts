import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** Screenshots land in e2e/screenshots (ignored by git) so a person can look at what the journey saw. */
export async function snap(page: Page, name: string) {
  const dir = join(import.meta.dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Waits for a mail to the address that the local SMTP server received, and returns its raw text. */
export async function waitForMail(to: string, after = 0, timeoutMs = 20_000): Promise<string> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      for (const f of readdirSync(dir).sort().slice(after)) {
        const text = readFileSync(join(dir, f), 'utf8');
        if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return text;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export const mailCount = () => {
  const dir = inject('mailDir');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

/** The first link in a mail's text (quoted-printable soft breaks undone). */
export function linkIn(mail: string): string {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(/https?:\/\/[^\s"<>]+/);
  if (!m) throw new Error('no link in the mail');
  return m[0];
}
