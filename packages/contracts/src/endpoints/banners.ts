import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const BannerSchema = z.object({
  banner_id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image_url: z.string(),
  link_url: z.string().nullable(),
  background_color: z.string().nullable(),
});
export type Banner = z.infer<typeof BannerSchema>;

const BannerRequestSchema = z.object({});

export const getMainBanner = defineEndpoint({
  base: 'main',
  path: '/carol/banner/getMainBanner',
  summary: 'Main banners of the home page, for the request server and language',
  tag: 'banners',
  access: 'public',
  envelope: 'main',
  request: BannerRequestSchema,
  response: z.object({ main_banners: z.array(BannerSchema) }),
});

export const getMiddleBanner = defineEndpoint({
  base: 'main',
  path: '/carol/banner/getMiddleBanner',
  summary: 'Middle banners of the home page, for the request server and language',
  tag: 'banners',
  access: 'public',
  envelope: 'main',
  request: BannerRequestSchema,
  response: z.object({ middle_banners: z.array(BannerSchema) }),
});
