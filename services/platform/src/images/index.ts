export {
  makeRenditions,
  RENDITION_CONTENT_TYPE,
  RENDITION_SIZES,
  type ReencodeOptions,
  type Rendition,
  type RenditionName,
  type Renditions,
  reencodeImage,
  UnreadableImageError,
} from './renditions';
export { reencodeUpload, renditionsOfUpload } from './upload-renditions';
