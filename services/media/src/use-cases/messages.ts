export const PICTURE_NOT_FOUND = 'Error: Picture not found';
export const PICTURE_UPLOADED = 'Picture uploaded successfully!';
export const PICTURE_DELETED = 'Picture deleted successfully';
