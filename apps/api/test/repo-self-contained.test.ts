import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A person who clones the project has only the repository: code comments and docs explain a rule in the project's
 * own words or point at docs/ inside the repo, never at the planning documents the team once worked from, their
 * sections, or tracker issue numbers.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const outside = [
  /\.\.\/shared\//,
  /\b(?:API|MPESA|PRODUCT|ARCHITECTURE)\.md\b/,
  /\bseed(?:-spec)? §/i,
  /\bseed-spec\b/,
  /\bissues? #?\d+(?:\.\d+)?\b/i,
];
/** This file names the patterns it forbids. */
const self = path.relative(root, import.meta.filename);

describe('the repository explains itself', () => {
  it('cites no document outside the repository and no issue number', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((file) => /\.(?:ts|tsx|mjs|js|md|css|html|json|sh|yml|yaml)$/.test(file) && file !== self)
      .filter((file) => !file.endsWith('package-lock.json'));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), 'utf8');
      } catch {
        continue; // listed but deleted in the working tree
      }
      text.split('\n').forEach((line, index) => {
        if (outside.some((pattern) => pattern.test(line))) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
