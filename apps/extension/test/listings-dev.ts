/**
 * Product, shop and spec-sheet results (headline + snippet, as a result page shows them), written for Media Diet to
 * develop the listing rule on (decision 164): appliances, electronics, clothes, groceries, books, tools, toys, cars,
 * holidays, software, furniture, with the words that mislead a lexicon in a shop ("killer deal", "shock-proof",
 * "crushes ice", "Fire TV", "anti-theft", "panic button", "kills 99.9% of germs"). Every one should read as neutral:
 * a reader of a shop page feels nothing much. The check set (listings-check.ts) was written apart from these.
 */
export interface Listing {
  headline: string;
  snippet: string;
}

/**
 * The listings every labelling must call neutral (the unit tests' core): the store screenshots' kettle, the
 * e2e journey's toaster and the saucepan of the label rule's tests, and the shop words that once took a side.
 */
export const LISTINGS_CORE: readonly Listing[] = [
  {
    headline: 'Stainless steel kettle, 1.7 litres, 2200 W',
    snippet: 'Boils 1.7 litres in about four minutes. Cordless base, limescale filter, auto shut-off.',
  },
  {
    headline: 'Stainless steel electric kettle, 1.7 litre, 3000 W',
    snippet: 'Boil-dry protection, removable limescale filter, 360° base. Free delivery on orders over £20.',
  },
  {
    headline: 'Acme 2-slice toaster, stainless steel, 800 W',
    snippet:
      'Product details: 2 slots, 6 browning settings, removable crumb tray. Dimensions 28 x 18 x 20 cm. In stock.',
  },
  {
    headline: 'Stainless steel saucepan, 20 cm',
    snippet: 'Dishwasher safe, suitable for all hobs. Free delivery.',
  },
  {
    headline: 'Killer deal: 27-inch 4K monitor, IPS, 144 Hz, now $279',
    snippet: 'HDMI 2.1 and DisplayPort 1.4, height-adjustable stand, 1 ms response time. Limited stock.',
  },
  {
    headline: 'Shock-proof rugged phone case for iPhone 15',
    snippet: 'Drop-tested to 3 m, raised bezels, built-in kickstand. Available in black, navy and olive.',
  },
  {
    headline: 'Blender 1200 W, crushes ice in seconds, 1.5 L jar',
    snippet: '6 speeds plus pulse, BPA-free Tritan jar, stainless steel blades. Dishwasher-safe parts.',
  },
  {
    headline: 'Fire TV Stick 4K with Alexa Voice Remote',
    snippet: 'Stream in 4K Ultra HD with Dolby Vision and HDR10+. Wi-Fi 6 support. Was £59.99, now £34.99.',
  },
  {
    headline: 'Anti-theft backpack with USB charging port, 15.6-inch laptop',
    snippet: 'Hidden zips, water-resistant fabric, luggage strap. 20 L. Free returns within 30 days.',
  },
  {
    headline: 'Personal alarm with panic button, 130 dB, keyring',
    snippet: 'Pull the pin to sound the siren and flash the LED. Rechargeable via USB-C. Pack of 2.',
  },
];

export const LISTINGS_DEV: readonly Listing[] = [
  ...LISTINGS_CORE,
  // Appliances and kitchen
  {
    headline: 'Bosch Series 6 washing machine, 9 kg, 1400 rpm',
    snippet:
      'Energy class A, 15-minute quick wash, anti-stain programme. In stock – order by 8pm for next-day delivery.',
  },
  {
    headline: 'Cordless stick vacuum cleaner, 60 min run time',
    snippet: 'Powerful suction with anti-tangle brush head; converts to a handheld. 2-year warranty. $249.00',
  },
  {
    headline: 'Kitchen knife set, 6 pieces, with wooden block',
    snippet:
      "German steel blades: chef's knife, bread knife, carving knife, utility knife, paring knife and sharpening steel.",
  },
  {
    headline: 'Tri-ply saucepan set, 3 pieces (16/18/20 cm)',
    snippet: 'Induction-ready with glass lids and stay-cool handles. £79.99, free delivery.',
  },
  // Safety and household
  {
    headline: 'Optical smoke alarm with 10-year sealed battery',
    snippet: 'Test/hush button, 85 dB siren, ceiling mount. Pack of 3. Meets BS EN 14604.',
  },
  {
    headline: 'First-aid kit, 120 pieces, for home, car and travel',
    snippet:
      'Includes plasters, bandages, antiseptic wipes, scissors and an emergency blanket. Compact zip case.',
  },
  {
    headline: 'Thick bleach, 750 ml, original scent',
    snippet: 'Kills 99.9% of germs. For toilets, sinks and drains. Pack of 6 for £5.40.',
  },
  {
    headline: 'Fire extinguisher, 2 kg dry powder, ABC',
    snippet: 'For home, car and office. Wall bracket included. Fire rating 13A 89B.',
  },
  {
    headline: 'Weed killer, 5 L, ready to use',
    snippet: 'Kills weeds and roots in 24 hours. Pet-safe once dry. Covers up to 250 m².',
  },
  {
    headline: 'Mouse traps, pack of 6, reusable',
    snippet: 'Snap traps with easy-set trigger. Safe to handle, no poison.',
  },
  {
    headline: 'Wireless CCTV camera kit, 4 cameras, 2K, night vision',
    snippet: 'Motion alerts to your phone, two-way audio, 1 TB hard drive. Deters intruders.',
  },
  {
    headline: 'Paracetamol 500 mg tablets, pack of 16',
    snippet:
      'For the relief of mild to moderate pain and fever. Always read the label. Limit 2 packs per order.',
  },
  // Electronics
  {
    headline: 'Noise-cancelling wireless headphones, 30 h battery',
    snippet: 'Bluetooth 5.3, USB-C fast charge, foldable design. Colour: black. £129.99.',
  },
  {
    headline: 'Samsung Galaxy S24 256 GB, unlocked, Onyx Black',
    snippet:
      '6.2-inch display, 50 MP camera, 8 GB RAM. Free delivery. Trade in your old phone and save up to £200.',
  },
  {
    headline: 'USB-C charger 65 W, GaN, 3 ports',
    snippet:
      'Charges a laptop and two phones at once. Over-voltage and short-circuit protection. 18-month warranty.',
  },
  // Music and books
  {
    headline: 'Nightfall Dominion – Black Horizon, death metal album (vinyl LP)',
    snippet: '180 g black vinyl, gatefold sleeve, 9 tracks, 44 minutes. Ships in 2–3 working days.',
  },
  {
    headline: 'War and Peace (Penguin Classics paperback), Leo Tolstoy',
    snippet:
      '1,440 pages, translated by Anthony Briggs. Paperback, 19.8 x 12.9 cm. Usually dispatched within 24 hours.',
  },
  {
    headline: 'The Very Hungry Caterpillar (board book), Eric Carle',
    snippet: 'Ages 0–3, 26 pages. Hardcover board book, 18 x 13 cm. In stock.',
  },
  {
    headline: 'Murder on the Orient Express (paperback), Agatha Christie',
    snippet: '256 pages, HarperCollins, film tie-in edition. ISBN 978-0008249670. Free UK delivery.',
  },
  // Clothes and beauty
  {
    headline: "Men's merino wool jumper, crew neck, navy",
    snippet: '100% merino, machine washable at 30°C. Sizes S–XXL. Free delivery and free returns.',
  },
  {
    headline: "Women's waterproof hiking boots, size 3–8",
    snippet: 'Vibram sole, padded collar, lace-up. Colour: brown/grey. 4.6 stars from 1,203 reviews.',
  },
  {
    headline: "Kids' pirate costume with hook and eye patch, age 5–6",
    snippet: '100% polyester, machine washable. Halloween and dress-up. Only 3 left in stock.',
  },
  {
    headline: 'Anti-ageing night cream, 50 ml',
    snippet: 'With retinol and hyaluronic acid. Dermatologically tested. Suitable for sensitive skin.',
  },
  // Groceries
  {
    headline: 'Semi-skimmed milk, 4 pints (2.272 L)',
    snippet: 'British milk, 1.7% fat. £1.45 (£0.64 per litre). Use within 3 days of opening.',
  },
  {
    headline: 'Free-range large eggs, pack of 12',
    snippet: 'Class A, from British hens. Best before: see pack. Add to trolley.',
  },
  {
    headline: 'Organic bananas, loose, per kg',
    snippet: 'Fairtrade. Price per kg £1.20. Ripen at room temperature.',
  },
  // Tools
  {
    headline: 'Cordless drill driver 18 V, 2 x 2.0 Ah batteries, charger',
    snippet:
      '2-speed gearbox, 13 mm keyless chuck, 21 torque settings, LED work light. Supplied in a carry case.',
  },
  {
    headline: 'Claw hammer, 16 oz, fibreglass handle',
    snippet: 'Drop-forged steel head, anti-vibration grip. Lifetime guarantee.',
  },
  {
    headline: 'Petrol chainsaw, 45 cm bar, 2.2 kW',
    snippet: 'Chain brake, anti-vibration system, easy-start recoil. Includes chain oil and cover.',
  },
  // Toys and sport
  {
    headline: 'LEGO City Fire Station 60320, 540 pieces',
    snippet: 'Includes fire engine, helicopter and 5 minifigures. Ages 6+. Save 20% this week.',
  },
  {
    headline: 'Nerf Elite 2.0 blaster with 24 darts',
    snippet: 'Fires up to 27 m, 6-dart rotating drum, tactical rails. Ages 8+.',
  },
  {
    headline: 'Wooden train set, 80 pieces, for ages 3+',
    snippet: 'Bridges, tunnels, a level crossing and three magnetic trains. Compatible with major brands.',
  },
  {
    headline: 'Boxing gloves 12 oz, PU leather, red/black',
    snippet: 'Sparring and punch bag gloves with wrist strap and breathable mesh palm.',
  },
  // Cars
  {
    headline: '2019 Ford Focus 1.0 EcoBoost Titanium, 5-door, 42,000 miles',
    snippet: 'Petrol, manual, one previous owner, full service history. £11,495 or £189 per month.',
  },
  {
    headline: 'Used Tesla Model 3 Long Range 2021, white, 38,000 mi',
    snippet: 'Dual motor AWD, autopilot, heated seats. Battery health 91%. Finance available.',
  },
  // Holidays
  {
    headline: '7 nights all-inclusive in Tenerife from £499pp',
    snippet: '4-star hotel with pools, flights from London Gatwick and 20 kg bags included. ATOL protected.',
  },
  {
    headline: 'City break: 3 nights in Lisbon, hotel + flights, from €289',
    snippet:
      'Departures March to June. Central 3-star hotel, breakfast included. Free cancellation up to 14 days before.',
  },
  // Software
  {
    headline: 'Antivirus Plus – 1 device, 1-year subscription',
    snippet:
      'Blocks viruses, ransomware and phishing sites. Windows 10/11 and macOS. Download and activate in minutes.',
  },
  {
    headline: 'Photo Editor Pro 12, lifetime licence, Windows/Mac',
    snippet: 'Layers, RAW support, AI background removal. 30-day free trial.',
  },
  // Furniture
  {
    headline: '3-seater fabric sofa, grey, 210 cm',
    snippet: 'Solid pine frame, removable cushion covers, assembly required. Delivered in 3–5 working days.',
  },
  {
    headline: 'Oak dining table, extendable, seats 6–8',
    snippet: 'Dimensions 160–200 x 90 x 76 cm. Oiled finish. Chairs sold separately.',
  },
];
