/**
 * Product, shop and spec-sheet results kept apart from the development set (listings-dev.ts): written separately
 * and not looked at while the listing rule was chosen, so `npm run eval:labels` can say how far the rule carries
 * to listings it was not tuned on. Every one should read as neutral: a reader of a shop page feels nothing much.
 */
import type { Listing } from './listings-dev';

export const LISTINGS_CHECK: readonly Listing[] = [
  {
    headline: 'Dishwasher, 60 cm, 13 place settings, quiet 44 dB',
    snippet: 'Half-load option, 3-hour delay timer, A++ rated. Free installation worth £50.',
  },
  {
    headline: 'Microwave oven 800 W, 20 L, white',
    snippet: '5 power levels, defrost by weight, 30-minute timer. 1-year guarantee.',
  },
  {
    headline: 'Air fryer 5.5 L, digital, 1700 W',
    snippet: 'Cooks chips with up to 99% less fat. Non-stick basket, 8 presets. Sold by HomeStore.',
  },
  {
    headline: 'Gaming laptop 15.6", RTX 4060, 16 GB RAM, 1 TB SSD',
    snippet: 'Intel Core i7, 165 Hz screen, RGB keyboard. Flash sale: £300 off, ends midnight.',
  },
  {
    headline: 'Video doorbell, 1080p, battery powered',
    snippet:
      'See, hear and speak to visitors from your phone. Motion detection, night vision. Easy DIY install.',
  },
  {
    headline: 'Carbon monoxide alarm, 7-year battery',
    snippet: 'Digital display, 85 dB alarm, test button. Complies with EN 50291.',
  },
  {
    headline: 'Splitting axe, 1.2 kg head, 70 cm handle',
    snippet: 'Forged steel head, shock-absorbing handle. For chopping firewood.',
  },
  {
    headline: 'Exploding Kittens party pack card game, 2–10 players',
    snippet: 'Ages 7+, 15 minutes a game. Dispatched today if ordered before 3pm.',
  },
  {
    headline: 'The Silent Patient by Alex Michaelides (paperback)',
    snippet: '352 pages, Orion. The Sunday Times bestseller. Paperback £6.99.',
  },
  {
    headline: "Women's leather ankle boots, black, block heel",
    snippet: 'Side zip, 5 cm heel, cushioned insole. Sizes 3–9. Free click and collect.',
  },
  {
    headline: "Children's raincoat, waterproof, ages 2–10",
    snippet: 'Reflective strips, detachable hood, taped seams. Machine washable. 3 for 2 on kidswear.',
  },
  {
    headline: 'Extra virgin olive oil, 1 L',
    snippet: 'Cold pressed, from Spanish olives. £7.50 (75p per 100 ml). Store away from light.',
  },
  {
    headline: 'Ground coffee, 227 g, strength 4',
    snippet: 'Dark roast, notes of chocolate and caramel. Rainforest Alliance certified. Buy 2 for £6.',
  },
  {
    headline: 'Rat poison bait blocks, 300 g',
    snippet:
      'Professional strength, for indoor and outdoor use. Use in a tamper-resistant bait station. Keep out of reach of children.',
  },
  {
    headline: 'Angle grinder 115 mm, 750 W',
    snippet:
      'Spindle lock, adjustable guard, side handle. Includes 2 cutting discs. Next-day delivery available.',
  },
  {
    headline: 'Remote control monster truck, 1:16, 40 km/h',
    snippet: 'Rechargeable battery, 2.4 GHz remote, all-terrain tyres. Ages 8+.',
  },
  {
    headline: 'Used 2018 BMW 320d M Sport saloon, automatic, 58,000 miles',
    snippet: "Diesel, sat nav, leather seats, two keys. 12 months' MOT. Part exchange welcome.",
  },
  {
    headline: 'Ski holiday: 7 nights half board in Val Thorens from £899pp',
    snippet:
      'Flights, transfers and lift pass included. Ski-in/ski-out chalet hotel. Book with a £99 deposit.',
  },
  {
    headline: 'VPN Premium – 2 years, 10 devices',
    snippet: 'Hides your IP address, blocks trackers and malware. 30-day money-back guarantee.',
  },
  {
    headline: 'King size bed frame, upholstered, grey velvet',
    snippet: 'Ottoman storage with gas lift, slatted base. Mattress not included. 2-person delivery.',
  },
  {
    headline: 'Ergonomic office chair, mesh back, adjustable armrests',
    snippet:
      'Lumbar support, 120 kg max load, 5-year warranty on the frame. Assembly takes about 20 minutes.',
  },
  {
    headline: 'Bluetooth speaker, waterproof IP67, 24 h playtime',
    snippet: 'Deep bass, party mode to pair two speakers. Drop-proof design. Colours: blue, red, black.',
  },
  { headline: 'Clumping cat litter, 10 L', snippet: 'Odour control, 99% dust-free. Subscribe and save 10%.' },
  {
    headline: 'Bike D-lock with cable, Sold Secure Gold',
    snippet:
      'Hardened steel shackle resists bolt cutters and leverage attacks. Includes frame mount and 3 keys.',
  },
  {
    headline: 'Horror film box set (Blu-ray), 6 films',
    snippet:
      "Includes Halloween, The Exorcist and Psycho. Region B. Special features and director's commentary.",
  },
  {
    headline: 'Meat cleaver, 18 cm, carbon steel',
    snippet: 'Full-tang blade for chopping bone and joints. Hand wash only.',
  },
];
