import { describe, expect, it } from 'vitest';
import { productOrigins } from './socket-server.ts';

describe('the origins a product page may have', () => {
  it('on one machine, every loopback name of the port', () => {
    for (const publicUrl of ['http://localhost:5000', 'http://127.0.0.1:5000/']) {
      const origins = productOrigins(publicUrl);
      expect(origins).toContain('http://localhost:5000');
      expect(origins).toContain('http://127.0.0.1:5000');
      expect(origins).toContain('http://[::1]:5000');
      expect(origins).not.toContain('http://127.0.0.1:5001');
    }
  });

  it('elsewhere, the public origin only', () => {
    expect(productOrigins('https://crucible.example.org')).toEqual(['https://crucible.example.org']);
  });
});
