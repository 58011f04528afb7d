import { printedSides } from '#contract';
import type { Database } from '#server/db/client.ts';
import type { DesignsService } from '#server/features/designs/designs.service.ts';
import {
  DESIGN_PICTURE_WIDTH_PX,
  designPictureCid,
  designPictureFileName,
} from '#server/features/mail/design-pictures.ts';
import type { MailAttachment } from '#server/features/mail/mailer.ts';
import { findOrderItemsByIds } from './orders.repository.ts';

/**
 * The pictures an email references (issue 28: the confirmation, the return
 * emails): each printed side of each of its customised lines on its garment,
 * in the colour stored on the line, rendered from the lines when the message
 * is sent. A picture that cannot be drawn (its image gone from media, say) is
 * reported and left out: the email still goes, its alt text naming the design.
 */
export function createOrderDesignPictures(
  db: Database,
  {
    designs,
    onPictureFailed,
  }: {
    designs: Pick<DesignsService, 'renderGarmentPicture'>;
    onPictureFailed: (error: unknown) => void;
  },
) {
  return async (orderItemIds: string[]): Promise<MailAttachment[]> => {
    const pictures: MailAttachment[] = [];
    for (const item of await findOrderItemsByIds(db, orderItemIds)) {
      if (!item.design) continue;
      for (const side of printedSides(item.design, item.personalisation)) {
        try {
          pictures.push({
            filename: designPictureFileName(item.position + 1, side),
            contentType: 'image/png',
            cid: designPictureCid(item.id, side),
            content: await designs.renderGarmentPicture(
              item,
              side,
              item.garment,
              item.colorHex,
              DESIGN_PICTURE_WIDTH_PX,
            ),
          });
        } catch (error) {
          onPictureFailed(error);
        }
      }
    }
    return pictures;
  };
}
