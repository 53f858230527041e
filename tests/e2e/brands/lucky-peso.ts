import brand from "../../../brands/lucky-peso";

/** The brand as it ships, with a lottery draw every minute, so a ticket bought in a test is settled within the test. */
export default { ...brand, play: { ...brand.play, lotteryDrawMinutes: { LOTT: 1, ELOTT: 1 } } };
