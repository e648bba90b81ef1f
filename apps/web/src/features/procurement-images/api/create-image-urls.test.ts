import { describe, expect, it } from 'vitest';
import { splitUrls } from './create-image-urls';

describe('splitUrls', () => {
  it('keeps a URL with commas in its path whole (CDN transformations), as the server does', () => {
    const cloudinary = 'https://res.cloudinary.com/x/image/upload/w_100,h_100/a.jpg';
    expect(splitUrls(cloudinary)).toEqual([cloudinary]);
    expect(splitUrls(`${cloudinary},https://cdn.test/b.jpg?rect=0,0,5,5\n`)).toEqual([cloudinary, 'https://cdn.test/b.jpg?rect=0,0,5,5']);
  });

  it('splits plain lists at line breaks and commas, dropping blanks', () => {
    expect(splitUrls(' https://a.test/1.jpg,https://a.test/2.jpg, not a url\r\n\n,https://a.test/3.jpg,')).toEqual([
      'https://a.test/1.jpg',
      'https://a.test/2.jpg',
      'not a url',
      'https://a.test/3.jpg',
    ]);
    expect(splitUrls(' \n , ')).toEqual([]);
  });
});
