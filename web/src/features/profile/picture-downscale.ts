/**
 * The page's picture before it is sent. The picture travels as an inline data URL, and a 2 MB
 * file becomes about 2.7 MB of base64: over the gateway's body limit. The service stores a 256 px
 * square anyway, so the page draws the image at most PICTURE_SEND_EDGE px on a side first and sends
 * that; the 2 MB check on the chosen file is then the only limit a member meets.
 */
export const PICTURE_SEND_EDGE = 512;

/** The edge lengths that fit a width and height within `edge` px, keeping the aspect ratio. */
export function fittedSize(width: number, height: number, edge = PICTURE_SEND_EDGE) {
  const scale = Math.min(1, edge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });

/**
 * A data URL of the picture at most PICTURE_SEND_EDGE px on a side (WebP where the browser encodes
 * it, PNG otherwise). A format the browser cannot draw is sent as it is: the service decodes more
 * formats than browsers do, and answers PROFILE_MESSAGES.pictureType for what it cannot read.
 */
export async function pictureToSend(file: File): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return readAsDataUrl(file);
  }
  const { width, height } = fittedSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return readAsDataUrl(file);
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return canvas.toDataURL('image/webp', 0.9);
}
