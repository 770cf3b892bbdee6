// Writes fixtures/sample-notebook.json: a hand-written, realistic knowledge base in four
// notebooks. Run with `npx tsx scripts/make-sample-notebook.ts`; the output is committed.
import { writeFileSync } from 'node:fs';

interface Note {
  id: number;
  title: string;
  details?: string;
  parentId?: number;
  objectId?: number;
  siblingOrder: number;
  notebookId: number;
  deletedAt?: string;
}

const notes: Note[] = [];
let nextId = 1;
const byTitle = new Map<string, number>();

function add(notebookId: number, parentId: number | undefined, title: string, details?: string, objectId?: number): number {
  const id = nextId++;
  const siblingOrder = (notes.filter((n) => n.parentId === parentId && parentId !== undefined).length + 1) * 10;
  notes.push({
    id,
    title,
    ...(details !== undefined && { details }),
    ...(parentId !== undefined && { parentId }),
    ...(objectId !== undefined && { objectId }),
    siblingOrder,
    notebookId,
  });
  if (!byTitle.has(title)) byTitle.set(title, id);
  return id;
}
const ref = (title: string) => {
  const id = byTitle.get(title);
  if (id === undefined) throw new Error(`no note titled ${title}`);
  return id;
};

// Notebook 1: Physics — a deep path and a hub.
const physics = add(1, undefined, 'Physics', 'The study of matter, energy and the interactions between them.');
const mechanics = add(1, physics, 'Mechanics', 'How bodies move under forces.');
const classical = add(1, mechanics, 'Classical mechanics', 'Newtonian mechanics: valid far from light speed and at human scales.');
const newton = add(1, classical, "Newton's laws of motion", 'Three laws that relate force, mass and motion.');
add(1, newton, 'First law', 'A body keeps its velocity unless a net force acts on it (inertia).');
const second = add(1, newton, 'Second law', 'The net force on a body equals the rate of change of its momentum.');
add(1, newton, 'Third law', 'Every action has an equal and opposite reaction.');
const fma = add(1, second, 'F = ma', 'For constant mass, force equals mass times acceleration.');
const examples = add(1, fma, 'Worked examples', 'Problems that apply F = ma step by step.');
const rocket = add(
  1,
  examples,
  'Rocket launch',
  [
    'A rocket of mass 500,000 kg leaves the pad with 7,600 kN of thrust. Gravity pulls it down with',
    'm·g ≈ 4,905 kN, so the net upward force is about 2,695 kN and the initial acceleration is',
    'a = F/m ≈ 5.4 m/s². As propellant burns, the mass falls and the same thrust gives a larger',
    'acceleration: this is why the rocket equation, not F = ma alone, describes a whole flight.',
    '',
    'Steps: (1) draw the free-body diagram; (2) sum the forces with signs; (3) divide by the mass;',
    '(4) check units: N / kg = m/s². Common mistakes: forgetting weight, mixing kN and N, and',
    'treating the mass as constant over a long burn. For a burn of 150 s at a mass flow of',
    '2,500 kg/s the rocket loses 375,000 kg, three quarters of its launch mass, so the',
    'acceleration near burnout is four times the one at lift-off, before air resistance and the',
    'changing direction of gravity are taken into account. Engineers therefore integrate the',
    'equations of motion numerically, step by step, updating mass, thrust, drag and the angle of',
    'the trajectory at every step, and they check the result against the Tsiolkovsky rocket',
    'equation Δv = vₑ ln(m₀/m₁), which holds when no external force acts. 🚀',
  ].join('\n'),
);
add(1, rocket, 'Saturn V', 'First stage: five F-1 engines, 35,100 kN of thrust at sea level.');
add(1, examples, 'Elevator', 'An elevator accelerating upward at 2 m/s²: the scale reads m(g + a).');
add(1, examples, 'Sliding block', 'A block on a slope with friction coefficient μ.');
add(1, second, 'Momentum', 'p = mv; the second law in its general form is F = dp/dt.');
add(1, classical, 'Lagrangian mechanics', 'Mechanics from the principle of stationary action.');
add(1, classical, 'Hamiltonian mechanics', 'Mechanics in phase space, with position and momentum.');
add(1, mechanics, 'Quantum mechanics', 'Mechanics at atomic scales, where energy comes in quanta.');
add(1, mechanics, 'Relativity', 'Mechanics near the speed of light, and gravity as curved spacetime.');
const energy = add(
  1,
  physics,
  'Energy',
  'The capacity to do work, measured in [[Joule (J)|joules]]. It is conserved: it changes form but is never created or destroyed.',
);
const kinetic = add(1, energy, 'Kinetic energy', 'Energy of motion: ½mv².');
const potential = add(1, energy, 'Potential energy', 'Energy stored by position in a field, e.g. mgh.');
add(1, energy, 'Conservation of energy', 'In a closed system the total energy stays constant.');
const power = add(1, physics, 'Power', 'The rate at which energy is transferred: P = E / t.');
add(1, physics, 'Thermodynamics', 'Heat, work, temperature and entropy.');
add(1, physics, 'Electromagnetism', 'Electric and magnetic fields and their interaction with charges.');

// Notebook 2: Chemistry — the hub "Elements" with one child per element.
const chemistry = add(2, undefined, 'Chemistry', 'The study of substances, their properties and reactions.');
const elements = add(2, chemistry, 'Elements', 'The chemical elements, in order of atomic number.');
const elementNames = [
  'Hydrogen', 'Helium', 'Lithium', 'Beryllium', 'Boron', 'Carbon', 'Nitrogen', 'Oxygen', 'Fluorine', 'Neon',
  'Sodium', 'Magnesium', 'Aluminium', 'Silicon', 'Phosphorus', 'Sulfur', 'Chlorine', 'Argon', 'Potassium',
  'Calcium', 'Scandium', 'Titanium', 'Vanadium', 'Chromium', 'Manganese', 'Iron', 'Cobalt', 'Nickel',
  'Copper', 'Zinc', 'Gallium', 'Germanium', 'Arsenic', 'Selenium', 'Bromine', 'Krypton', 'Rubidium',
  'Strontium', 'Yttrium', 'Zirconium', 'Niobium', 'Molybdenum', 'Technetium', 'Ruthenium', 'Rhodium',
  'Palladium', 'Silver', 'Cadmium', 'Indium', 'Tin', 'Antimony', 'Tellurium', 'Iodine', 'Xenon',
];
elementNames.forEach((name, index) => add(2, elements, name, `Atomic number ${index + 1}.`));
const water = add(2, chemistry, 'Water', 'H₂O: two hydrogen atoms bonded to one oxygen atom. Boils at 100 °C at sea level.');
add(2, water, 'is made of', 'Each molecule holds two hydrogen atoms.', ref('Hydrogen'));
add(2, water, 'is made of', 'Each molecule holds one oxygen atom.', ref('Oxygen'));
const combustion = add(2, chemistry, 'Combustion', 'Fuel reacting with oxygen, releasing heat and light.');
add(2, combustion, 'releases', 'Chemical energy becomes heat.', energy);
add(2, combustion, 'requires', 'No oxygen, no fire.', ref('Oxygen'));
const photosynthesis = add(2, chemistry, 'Photosynthesis', 'Plants turn light, water and CO₂ into sugar and oxygen.');
add(2, photosynthesis, 'stores', 'Light becomes chemical energy.', energy);
add(2, photosynthesis, 'consumes', 'Water is split to free oxygen.', water);
const battery = add(2, chemistry, 'Battery', 'Stores energy chemically and releases it as electric current.');
add(2, battery, 'stores', 'Chemical energy, released on demand.', energy);
add(2, battery, 'is rated in', 'Capacity in watt-hours.', power);

// Notebook 3: Cooking — emoji and long details, reifications into other notebooks.
const cooking = add(3, undefined, 'Cooking 🍳', 'Recipes and the science behind them.');
const techniques = add(3, cooking, 'Techniques', 'How heat changes food.');
const boiling = add(3, techniques, 'Boiling 🫕', 'Cooking in water at 100 °C.');
add(3, boiling, 'uses', 'Water carries the heat.', water);
add(3, boiling, 'transfers', 'Heat moves from burner to food through water.', energy);
const searing = add(3, techniques, 'Searing 🥩', 'Browning the surface at high heat for flavour (Maillard reaction).');
add(3, searing, 'converts', 'Heat becomes flavour compounds.', energy);
add(3, techniques, 'Sous vide', 'Cooking sealed food in a water bath at a precise temperature.');
add(3, techniques, 'Fermentation', 'Microbes transform food over days or weeks.');
const recipes = add(3, cooking, 'Recipes', 'Dishes worth making again.');
const ramen = add(
  3,
  recipes,
  'Tonkotsu ramen 🍜',
  [
    'Pork-bone broth simmered for twelve hours until milky, noodles, chashu, soft egg.',
    '',
    '1. Blanch 2 kg of pork bones for 10 minutes, scrub them clean, and discard the water.',
    '2. Cover with fresh water and boil hard (not simmer) for 12 hours, topping up water.',
    '   The rolling boil emulsifies fat and collagen into the broth: that is the milky colour.',
    '3. Chashu: roll pork belly, tie it, sear it, braise it in soy, mirin, sake and sugar',
    '   for 3 hours. Keep the braising liquid: it is the base of the tare.',
    '4. Eggs: boil 6½ minutes, cool in ice water, peel, marinate overnight in the tare.',
    '5. Noodles: alkaline wheat noodles, cooked 90 seconds so they stay firm in the broth.',
    '6. Bowl: 30 ml tare, 400 ml boiling broth, noodles, sliced chashu, half an egg,',
    '   spring onion, nori, a spoon of black garlic oil (mayu).',
    '',
    'Notes: the broth keeps 5 days in the fridge. If it separates on reheating, blend it.',
    'Scale: one batch of bones makes about 8 bowls. The long boil costs energy; a pressure',
    'cooker gets a similar result in 2 hours. とんこつラーメンは豚骨を長時間煮込んだスープが特徴です。',
    'Serve at once: noodles soften within minutes. 🍥🥢',
  ].join('\n'),
);
add(3, ramen, 'is made with', 'The broth is pork bones and water.', water);
add(3, ramen, 'topped with', 'Chashu pork.');
add(3, recipes, 'Shakshuka', 'Eggs poached in spiced tomato and pepper sauce.');
add(3, recipes, 'Sourdough bread 🍞', 'Flour, water, salt and a starter; long fermentation.');
add(3, recipes, 'Miso soup', 'Dashi, miso, tofu and wakame.');

// Notebook 4: Japanese — CJK titles, translations pointing into other notebooks.
const japanese = add(4, undefined, '日本語 Japanese', '語彙と文法のノート。Vocabulary and grammar notes.');
const vocabulary = add(4, japanese, '語彙 Vocabulary', 'Words grouped by theme.');
const science = add(4, vocabulary, '科学 Science words', 'Words for science lessons.');
const mizu = add(4, science, '水 (みず, mizu)', 'Water. 水を飲む — to drink water.');
add(4, mizu, 'means', '水 is the everyday word for water.', water);
const enerugi = add(4, science, 'エネルギー (enerugī)', '[[Energy]], a loanword from German "Energie".');
add(4, enerugi, 'means', 'エネルギー means energy in physics and in daily life.', energy);
const chikara = add(4, science, '力 (ちから, chikara)', 'Force, power, strength. 力学 (rikigaku) is mechanics.');
add(4, chikara, 'means', 'In physics, 力 is force.', fma);
add(4, science, '電力 (でんりょく, denryoku)', 'Electric power.');
add(4, science, '原子 (げんし, genshi)', 'Atom.');
const food = add(4, vocabulary, '食べ物 Food words', 'Words for the kitchen.');
const ramenWord = add(4, food, 'ラーメン (rāmen)', 'Ramen noodles.');
add(4, ramenWord, 'means', 'The dish.', ramen);
add(4, food, '味噌 (みそ, miso)', 'Fermented soybean paste.');
add(4, food, '卵 (たまご, tamago)', 'Egg. 🥚');
const grammar = add(4, japanese, '文法 Grammar', 'Particles, verb forms, sentence patterns.');
add(4, grammar, 'は and が', 'は marks the topic, が marks the subject.');
add(4, grammar, 'て-form', 'Joins verbs: 食べて、飲んで.');
add(4, vocabulary, '削除された単語 (deleted word)', 'A word removed from the list.').valueOf();
notes[notes.length - 1]!.deletedAt = '2026-10-01T12:00:00Z';

// Units, in Physics: each unit is the object of "is measured in" reifications.
const units = add(1, physics, 'Units', 'SI units used across the notebooks.');
for (const [unit, what] of [
  ['Joule (J)', 'Unit of energy: one [[Newton (N)|newton]] acting over one [[Metre (m)|metre]].'],
  ['Watt (W)', 'Unit of power: one joule per second.'],
  ['Newton (N)', 'Unit of force: kg·m/s².'],
  ['Kilogram (kg)', 'Unit of mass.'],
  ['Metre (m)', 'Unit of length.'],
  ['Second (s)', 'Unit of time.'],
  ['Kelvin (K)', 'Unit of temperature.'],
  ['Watt-hour (Wh)', '[[Energy]]: one watt for one hour, 3,600 J.'],
] as const) {
  add(1, units, unit, what);
}
add(1, energy, 'is measured in', 'SI unit of energy.', ref('Joule (J)'));
add(1, power, 'is measured in', 'SI unit of power.', ref('Watt (W)'));
add(1, fma, 'is measured in', 'Force in newtons.', ref('Newton (N)'));
add(2, battery, 'capacity is measured in', 'Battery capacity.', ref('Watt-hour (Wh)'));
add(1, ref('Thermodynamics'), 'temperature is measured in', 'Absolute temperature.', ref('Kelvin (K)'));
// Compounds, in Chemistry.
const compounds = add(2, chemistry, 'Compounds', 'Substances made of two or more elements.');
for (const [name, formula, parts] of [
  ['Carbon dioxide', 'CO₂', ['Carbon', 'Oxygen']],
  ['Methane', 'CH₄', ['Carbon', 'Hydrogen']],
  ['Table salt', 'NaCl', ['Sodium', 'Chlorine']],
  ['Ammonia', 'NH₃', ['Nitrogen', 'Hydrogen']],
] as const) {
  const compound = add(2, compounds, name, `${formula}.`);
  for (const part of parts) add(2, compound, 'contains', undefined, ref(part));
}
add(2, combustion, 'produces', 'Burning carbon fuels makes CO₂.', ref('Carbon dioxide'));

// More referrings of Energy from across the notebooks: it is the most referred-to note.
for (const [from, predicate] of [
  [kinetic, 'is a form of'],
  [potential, 'is a form of'],
  [power, 'is the rate of'],
  [ref('Thermodynamics'), 'studies'],
  [ref('Electromagnetism'), 'carries'],
  [ref('Quantum mechanics'), 'quantises'],
] as const) {
  add(notes.find((n) => n.id === from)!.notebookId, from, predicate, undefined, energy);
}

const notebooks = [
  { id: 1, name: 'Physics' },
  { id: 2, name: 'Chemistry' },
  { id: 3, name: 'Cooking' },
  { id: 4, name: 'Japanese' },
];
writeFileSync(new URL('../fixtures/sample-notebook.json', import.meta.url), `${JSON.stringify({ notebooks, notes }, null, 1)}\n`);
console.log(`${notes.length} notes; Energy is /n${energy}, Rocket launch /n${rocket}, Elements /n${elements}, Water /n${water}`);
