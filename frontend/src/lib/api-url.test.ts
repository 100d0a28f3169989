import { describe, expect, it } from 'vitest';
import { resolveApiOrigin } from './api-url';

describe('resolveApiOrigin', () => {
  it('is empty (same origin) when nothing is configured', () => {
    expect(resolveApiOrigin(undefined)).toBe('');
    expect(resolveApiOrigin('   ')).toBe('');
  });

  it('adds https:// to an address without a scheme', () => {
    expect(resolveApiOrigin('api.fest.example')).toBe('https://api.fest.example');
    expect(resolveApiOrigin('api.fest.example:8443')).toBe('https://api.fest.example:8443');
  });

  it('keeps a scheme that is there', () => {
    expect(resolveApiOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(resolveApiOrigin('HTTPS://api.fest.example')).toBe('HTTPS://api.fest.example');
  });

  it('drops trailing slashes so paths join cleanly', () => {
    expect(resolveApiOrigin('https://api.fest.example//')).toBe('https://api.fest.example');
  });
});
