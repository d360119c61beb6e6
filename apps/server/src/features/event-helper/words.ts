// The words Hearth unscrambles: Dank Memer's scramble events draw from its items, animals, jobs and
// everyday words. Written for Hearth (not downloaded); add a word here when an event uses a new one.
// Lower case, letters only; duplicates are harmless.

const items = `
apple alcohol ammo banknote bean bread candy carrot chair coin cookie cowboy cupid diamond dragon
egg fish fishingpole gem ghost gift golden grinder hunting huntingrifle jelly key ladybug landmine
laptop lifesaver lock medal meme moon padlock pepe phone pickaxe pizza potato rifle ring rock rose
sand shovel shield skull snake sword taco toilet tool trophy trumpet watch wallet wrench worm
bank bankrob bitcoin cheese cellphone controller computer crown dice dynamite fossil fertilizer
garbage hammer headphones horseshoe jacket junk keyboard knife lantern lottery magnet marble
mask microphone mouse necklace notebook paper pencil pillow pumpkin radio robot rocket rubber
sack saddle scissors seed snowball soap sock spoon star sticker stone sugar television ticket
toothbrush torch treasure trident umbrella vase violin wand water whistle
`;

const animals = `
alligator ant bat bear beaver bee bird boar buffalo bunny butterfly camel cat chicken cow crab
crocodile crow deer dog dolphin donkey duck eagle elephant falcon ferret fox frog giraffe goat
goose gorilla hamster hawk hippo horse jaguar kangaroo koala lion lizard llama lobster monkey moose
mule octopus otter owl panda parrot penguin pig pigeon rabbit raccoon rat rhino salmon seal shark
sheep shrimp skunk sloth snail spider squid squirrel swan tiger toad turkey turtle walrus whale
wolf zebra
`;

const jobs = `
artist baker babysitter banker barber builder butcher cashier chef cleaner coach cook dancer
dentist designer developer discord doctor driver editor engineer farmer firefighter fisherman
gamer gardener hunter janitor journalist judge lawyer librarian manager mechanic miner model
musician nurse painter pilot plumber police politician programmer scientist singer soldier
streamer student surgeon tailor teacher trader waiter writer youtuber
`;

const everyday = `
about above active actor adult advice after again agent agree ahead alarm album alive allow alone
along angle angry animal answer anyone apart arena argue army arrow august autumn award baby
back badge balance ball band barrel basket battle beach beauty because bedroom before begin
behind believe below bench better beyond bicycle bill birthday black blade blame blanket blood
board boat body bonus book border bottle bottom bounce brain branch brave breakfast brick bridge
bright bring broken brother brown bubble bucket budget bullet burger butter button cabin cable
cactus camera camp candle canvas captain card career carpet castle cause ceiling center chain
chance change chapter charge chase cheap check chest child choice circle city claim class clean
clever click cliff climb clock close cloud clown coast coffee collect color comedy comfort
common copper corner cotton couch country couple course cousin cover crash crazy cream credit
crew crime cross crowd cruise crystal culture cycle daily damage danger dark daughter debate
decide deep defend delay demand desert detail device dinner direct dirty doctor dollar double
dream dress drink drive early earth easy edge effort eight elbow elder empty enemy energy engine
enjoy enough enter entire escape evening event exact exit expert extra fabric factor fairy faith
fall family famous fancy farm fashion father fault feather fever field fight figure final
finger finish first flag flame flash flight floor flower focus forest forget fork fortune
forward frame fresh friend frozen fruit funny future galaxy game garage garden gather giant
ginger glass glove glue goal good grape grass gravity great green guard guess guitar habit
half hand happy harbor harvest health heart heavy height hello helmet hero hidden high history
hobby holiday honey hope hospital hotel house human humor hunger hurry idea image impact
income index inside island jazz jewel join joke journey juice jungle junior kettle kingdom
kitchen kite knee label ladder lake lamp large laugh lawn layer leader learn leather lemon
letter level light limit liquid little live lizard local lonely loyal lucky lunch machine
magic major market master match meadow melody member memory message metal middle midnight
minute mirror mobile moment money month morning mother motion mountain movie muffin museum
music mystery nation nature needle never night noble noise normal number ocean office orange
orbit order oven owner oxygen palace panic parent party pass patch path peace pencil people
pepper perfect person piano picnic picture piece pilot planet plastic plate player pocket poem
point polite pond power praise prize problem profit public puzzle pyramid queen quick quiet
rabbit race rain rainbow random reason record remote rescue result reward rhythm ribbon rich
river road royal ruler safety salad sample school science screen season second secret silver
simple sister sketch sleep smile smoke snack soccer soldier solid spark speed spirit sport
spring square stable stage stairs start station steel storm story street strong sugar summer
sunset supply survey sweet table talent target tennis thunder tiger timber toast today tomato
tonight tower town track traffic train travel tree tribe trick truck trust tunnel twelve
uncle under unique update valley value velvet victory video village vision visit voice volcano
wagon warm warrior weather wedding window winner winter wisdom wonder wood world yellow young
zone
`;

/** Every word, once. */
export const eventWords: readonly string[] = [
  ...new Set(`${items} ${animals} ${jobs} ${everyday}`.split(/\s+/).filter((word) => /^[a-z]+$/.test(word))),
];
