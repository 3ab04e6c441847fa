export {
  makeRenditions,
  RENDITION_CONTENT_TYPE,
  RENDITION_SIZES,
  type Rendition,
  type RenditionName,
  type Renditions,
  UnreadableImageError,
} from './renditions';
export { renditionsOfUpload } from './upload-renditions';
