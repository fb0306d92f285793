/**
 * An animated GIF written byte by byte: a `width` × `height` canvas and `frames` frames that each paint one
 * pixel. A few hundred bytes that a decoder turns into width × height × frames pixels, the shape of the images
 * that make image work expensive without making uploads large.
 */
export function animatedGif(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  // A global colour table of two entries: black and white.
  screen[10] = 0x80;
  const parts = [screen, Buffer.from([0, 0, 0, 255, 255, 255])];
  // Loop for ever.
  parts.push(
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 0x03, 0x01, 0x00, 0x00, 0x00]),
  );
  for (let frame = 0; frame < frames; frame++) {
    // 100 ms per frame, nothing disposed, so every frame differs from the one before.
    parts.push(Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]));
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(frame % width, 1);
    descriptor.writeUInt16LE(Math.floor(frame / width) % height, 3);
    descriptor.writeUInt16LE(1, 5);
    descriptor.writeUInt16LE(1, 7);
    // One white pixel, LZW-coded with 2-bit codes: clear, colour 1, end.
    parts.push(descriptor, Buffer.from([0x02, 0x02, 0x4c, 0x01, 0x00]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
