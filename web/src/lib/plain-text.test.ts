import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainText } from '../features/admin/admin-format.ts';
import { stripHtml } from '../features/messages/message-rules.ts';
import { htmlToText } from './plain-text.ts';

describe('htmlToText', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the text a page would show and drops tags, comments and hidden content', () => {
    expect(htmlToText('<b>bold</b> <img src=x onerror="alert(1)">and <a href="/x">link</a>')).toBe('bold and link');
    expect(htmlToText('<script>alert("</b>")</script>safe<style>p{}</style>')).toBe('safe');
    expect(htmlToText('a<!-- <b>hidden</b> -->b<!DOCTYPE html>c')).toBe('abc');
    expect(htmlToText('<img alt="a > b" src=x>after')).toBe('after');
    expect(htmlToText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
    expect(htmlToText('Tom &amp; Jerry &lt;3 &#39;quoted&#x27; &unknown;')).toBe("Tom & Jerry <3 'quoted' &unknown;");
    expect(htmlToText('unclosed <img src=x onerror=alert(1)')).toBe('unclosed ');
  });

  it('builds no DOM: the admin console and messages strip markup with DOMParser gone', () => {
    const parser = vi.fn(() => {
      throw new Error('DOMParser must not be used');
    });
    vi.stubGlobal('DOMParser', parser);
    expect(plainText('<p>Hello <img src=x onerror=alert(1)>there</p>')).toBe('Hello there');
    expect(stripHtml('<i>hi</i>')).toBe('hi');
    expect(parser).not.toHaveBeenCalled();
  });
});
