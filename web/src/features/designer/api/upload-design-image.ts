import { useMutation } from '@tanstack/react-query';
import { apiCall } from '#web/lib/api-client.ts';
import { uploadDesignImage as uploadDesignImageEndpoint } from '../utils/contract-shim.ts';

/** POST /api/v1/design-images: the file's bytes; the server decodes, re-encodes and measures it. */
export function uploadDesignImage(file: File) {
  return apiCall(uploadDesignImageEndpoint, { file });
}

export function useUploadDesignImage() {
  return useMutation({ mutationFn: uploadDesignImage });
}
