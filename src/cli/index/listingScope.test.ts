/** Which links of a remote listing `index` may fetch (audit R20-3): its origin, under its folder. */
import { describe, expect, it } from 'vitest';
import { hasDotSegment, LeftOutLinks, outOfScope, scopeOf } from './listingScope';

const LISTING = new URL('http://logs.example:8080/dir/');
const scope = scopeOf(LISTING);
const why = (href: string) => outOfScope(scope, new URL(href, LISTING));

describe('listing scope', () => {
  it('is the listing’s origin and folder; a URL without a final slash names the folder', () => {
    expect(scope).toEqual({ origin: 'http://logs.example:8080', folder: '/dir/' });
    expect(scopeOf(new URL('http://logs.example/dir?prefix=runs/'))).toEqual({
      origin: 'http://logs.example',
      folder: '/dir/',
    });
    expect(scopeOf(new URL('https://bucket.example/')).folder).toBe('/');
  });

  it('keeps links under the folder on the same origin', () => {
    expect(why('a.jsonl')).toBeUndefined();
    expect(why('sub/deeper/b.jsonl.gz')).toBeUndefined();
    expect(why('/dir/c.jsonl')).toBeUndefined();
    expect(why('http://logs.example:8080/dir/d.jsonl')).toBeUndefined();
    expect(why('sub/../e.jsonl')).toBeUndefined(); // resolves inside the folder
  });

  it('leaves out links to another host, port or scheme, loopback included', () => {
    expect(why('http://127.0.0.1:8080/dir/a.jsonl')).toBe('on another host');
    expect(why('http://logs.example:9090/dir/a.jsonl')).toBe('on another host');
    expect(why('https://logs.example:8080/dir/a.jsonl')).toBe('on another host');
    expect(why('//other.example/dir/a.jsonl')).toBe('on another host');
    expect(why('file:///etc/passwd.jsonl')).toBe('on another host');
  });

  it('leaves out links outside the folder, however they are spelled', () => {
    expect(why('../secret.jsonl')).toBe('outside /dir/');
    expect(why('/etc/x.jsonl')).toBe('outside /dir/');
    expect(why('/dir-other/a.jsonl')).toBe('outside /dir/');
    expect(why('/dir')).toBe('outside /dir/');
    expect(why('%2e%2e/secret.jsonl')).toBe('outside /dir/');
    expect(why('..%2Fsecret.jsonl')).toBe('outside /dir/');
    expect(why('sub/..%2f..%2fsecret.jsonl')).toBe('outside /dir/');
    expect(why('..%5Csecret.jsonl')).toBe('outside /dir/');
    expect(why('%E0%A4%A.jsonl')).toBe('outside /dir/'); // malformed encoding
  });

  it('compares a folder with encoded characters as a server decodes it', () => {
    const spaced = scopeOf(new URL('http://h/my%20logs/'));
    expect(outOfScope(spaced, new URL('http://h/my%20logs/a.jsonl'))).toBeUndefined();
    expect(outOfScope(spaced, new URL('http://h/my%20logs2/a.jsonl'))).toBe('outside /my%20logs/');
  });

  it('finds dot segments in bucket keys', () => {
    expect(hasDotSegment('../other.jsonl')).toBe(true);
    expect(hasDotSegment('runs/../../other/x.jsonl')).toBe(true);
    expect(hasDotSegment('runs/./x.jsonl')).toBe(true);
    expect(hasDotSegment('runs\\..\\x.jsonl')).toBe(true);
    expect(hasDotSegment('runs/..x/x..jsonl')).toBe(false);
    expect(hasDotSegment('runs/x.jsonl')).toBe(false);
  });

  it('sums up what was left out in one note', () => {
    const links = new LeftOutLinks('link');
    expect(links.note()).toBeUndefined();
    links.add('on another host');
    expect(links.note()).toBe('1 link left out: 1 on another host');
    links.add('outside /dir/');
    links.add('on another host');
    expect(links.note()).toBe('3 links left out: 2 on another host, 1 outside /dir/');
    const keys = new LeftOutLinks('key');
    keys.add('with . or .. in the key');
    keys.add('with . or .. in the key');
    expect(keys.note()).toBe('2 keys left out: 2 with . or .. in the key');
  });
});
