import { defineEntity, p } from '@mikro-orm/core';

/**
 * The brief a model wrote for one COO meeting (docs/PRODUCT.md#meeting-brief): every viewer reads
 * this text, and the model is asked again only when the facts it was written from have changed.
 * The built-in analyst's brief is never kept: the same facts always give it the same words.
 */
export const MeetingBriefSchema = defineEntity({
  name: 'MeetingBrief',
  properties: {
    meetingAt: p.datetime().primary(),
    /** A digest of the facts the text was written from. */
    factsKey: p.text(),
    text: p.text(),
    writtenAt: p.datetime(),
  },
});

export class MeetingBrief extends MeetingBriefSchema.class {}
MeetingBriefSchema.setClass(MeetingBrief);
