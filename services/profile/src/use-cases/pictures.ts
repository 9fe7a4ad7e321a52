import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BadRequestError, HttpError, type Caller } from '@crucible/platform';
import { LIMITS, PROFILE_MESSAGES } from '@crucible/proto';
import { profiles } from '../repositories/profiles.ts';
import { userReplica } from '../repositories/users.ts';
import { profileOwner, requireOwnerOrAdmin } from './access.ts';
import { inTransaction, type ProfileContext } from './context.ts';

export const PICTURE_ROUTE = '/api/profile-pictures';
const PICTURE_SIZE = 256;
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;
/** Formats sharp decodes that browsers show; anything else (SVG with scripts, PDFs) is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'avif', 'heif', 'tiff']);

const notAnImage = () => new BadRequestError(PROFILE_MESSAGES.pictureType);

/** The data URL's bytes, refused by size first (before decoding the image). */
function bytesOf(dataUrl: string): Buffer {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw notAnImage();
  const bytes = Buffer.from(match[3]!, 'base64');
  if (bytes.length === 0) throw notAnImage();
  if (bytes.length >= LIMITS.profile.pictureMaxBytes) throw new HttpError(413, PROFILE_MESSAGES.pictureSize);
  return bytes;
}

/**
 * What the bytes are, not what the name or declared type says; re-encoding drops every metadata block
 * and anything appended to the image, and the square crop caps what a member can make others download.
 */
async function reencode(bytes: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

async function setPictureUrl(ctx: ProfileContext, ownerId: string, key: string | null) {
  const url = key ? `${PICTURE_ROUTE}/${key.split('/').pop()}` : null;
  await inTransaction(ctx, async (tx, emit) => {
    await profiles.setPicture(tx, ownerId, key);
    await userReplica.setIdentity(tx, ownerId, { profileImageUrl: url });
    await emit('profile.identity.changed', { userId: ownerId, profileImageUrl: url });
  });
  return { profileImageUrl: url, picture: url };
}

export async function uploadPicture(ctx: ProfileContext, caller: Caller, ownerId: string, dataUrl: string) {
  requireOwnerOrAdmin(caller, ownerId);
  await profileOwner(ctx, ctx.prisma, ownerId);
  const picture = await reencode(bytesOf(dataUrl));
  // Named by content: the same picture twice is one object, and a URL never shows a different picture.
  const key = `profile-pictures/${createHash('sha256').update(picture).digest('hex')}.webp`;
  if (!(await ctx.blobs.stat(key))) {
    try {
      await ctx.blobs.write(key, picture, { contentType: 'image/webp', size: picture.length });
    } catch (error) {
      // Another request stored the same bytes meanwhile: the object is there, which is all we need.
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
    }
  }
  return setPictureUrl(ctx, ownerId, key);
}

export async function deletePicture(ctx: ProfileContext, caller: Caller, ownerId: string) {
  requireOwnerOrAdmin(caller, ownerId);
  await profileOwner(ctx, ctx.prisma, ownerId);
  return setPictureUrl(ctx, ownerId, null);
}

/** A stored picture's bytes for GET /api/profile-pictures/{file}, or null. */
export async function readPicture(ctx: ProfileContext, file: string) {
  const key = `profile-pictures/${file}`;
  const info = await ctx.blobs.stat(key);
  if (!info) return null;
  return { info, stream: await ctx.blobs.read(key) };
}
