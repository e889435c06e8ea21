import safe from '../../assets/selling-points/safe.svg';
import convenient from '../../assets/selling-points/convenient.svg';
import economical from '../../assets/selling-points/economical.svg';
import efficient from '../../assets/selling-points/efficient.svg';

/** Spec §3 footer selling point: image, style class, and the translation keys of title and subTitle. */
export interface SellingPoint {
  readonly image: string;
  readonly style: 'safe' | 'convenient' | 'economical' | 'efficient';
  readonly title: string;
  readonly subTitle: string;
}

export const SELLING_POINTS: readonly SellingPoint[] = [
  { image: safe, style: 'safe', title: 'footer.safe.title', subTitle: 'footer.safe.subTitle' },
  { image: convenient, style: 'convenient', title: 'footer.convenient.title', subTitle: 'footer.convenient.subTitle' },
  { image: economical, style: 'economical', title: 'footer.economical.title', subTitle: 'footer.economical.subTitle' },
  { image: efficient, style: 'efficient', title: 'footer.efficient.title', subTitle: 'footer.efficient.subTitle' },
];
