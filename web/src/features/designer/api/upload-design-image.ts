import { useMutation } from '@tanstack/react-query';
import { uploadDesignImage as uploadDesignImageEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/design-images: the file's bytes; the server decodes, re-encodes and measures it. */
export function uploadDesignImage(file: File) {
  return apiCall(uploadDesignImageEndpoint, { file });
}

export function useUploadDesignImage() {
  return useMutation({ mutationFn: uploadDesignImage });
}
